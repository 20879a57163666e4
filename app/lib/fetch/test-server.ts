/** Test helper: a plain HTTP server on 127.0.0.1 that counts connections and can be closed with hung requests open. */
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface TestSite {
  port: number;
  origin: string;
  /** TCP connections accepted so far: 0 proves a refusal happened before any connection attempt. */
  connections(): number;
  /** Paths requested so far, in order. */
  requests: string[];
  close(): Promise<void>;
}

export async function startTestSite(handler: http.RequestListener): Promise<TestSite> {
  const sockets = new Set<Socket>();
  const requests: string[] = [];
  let connections = 0;
  const server = http.createServer((request, response) => {
    requests.push(request.url ?? "");
    handler(request, response);
  });
  server.on("connection", (socket) => {
    connections++;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    connections: () => connections,
    requests,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
