/**
 * Test helper: a local HTTP server that answers as OpenAI's Chat Completions API, Anthropic's
 * Messages API and Google's generateContent do, so the tests run the real AI SDK provider code against it.
 */
import type http from "node:http";
import { startTestSite, type TestSite } from "../../lib/fetch/test-server";

export interface RecordedCall {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export type Behaviour =
  | { kind: "object"; object: unknown }
  | { kind: "text"; text: string }
  | { kind: "error"; status: number; message: string }
  | { kind: "hang" };

export interface FakeProvider {
  site: TestSite;
  calls: RecordedCall[];
  /** What the next calls answer. */
  behave(behaviour: Behaviour): void;
  close(): Promise<void>;
}

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });
}

export async function startFakeProvider(): Promise<FakeProvider> {
  let behaviour: Behaviour = { kind: "text", text: "OK" };
  const calls: RecordedCall[] = [];
  const site = await startTestSite(async (request, response) => {
    const raw = await readBody(request);
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    calls.push({ path: request.url ?? "", headers: request.headers, body });
    if (behaviour.kind === "hang") return;
    const json = (status: number, value: unknown) => {
      response.writeHead(status, { "Content-Type": "application/json" });
      response.end(JSON.stringify(value));
    };
    if (behaviour.kind === "error") {
      json(behaviour.status, { error: { message: behaviour.message, type: "invalid_request_error" } });
      return;
    }
    const text = behaviour.kind === "object" ? JSON.stringify(behaviour.object) : behaviour.text;
    if (request.url?.includes(":generateContent")) {
      // Google's Generative Language API: JSON output arrives as the candidate's text.
      json(200, {
        candidates: [{ content: { role: "model", parts: [{ text }] }, finishReason: "STOP", index: 0 }],
        usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 10, totalTokenCount: 20 },
      });
      return;
    }
    if (request.url?.endsWith("/messages")) {
      // Anthropic: generateObject forces a tool named in the request; answer through it.
      const tools = (body.tools as { name: string }[] | undefined) ?? [];
      const tool = tools[0];
      const content =
        tool && behaviour.kind === "object"
          ? [{ type: "tool_use", id: "toolu_1", name: tool.name, input: behaviour.object }]
          : [{ type: "text", text }];
      json(200, {
        id: "msg_1",
        type: "message",
        role: "assistant",
        model: String(body.model),
        content,
        stop_reason: content[0]!.type === "tool_use" ? "tool_use" : "end_turn",
        stop_sequence: null,
        usage: { input_tokens: 10, output_tokens: 10 },
      });
      return;
    }
    json(200, {
      id: "chatcmpl-1",
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: String(body.model),
      choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }],
      usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
    });
  });
  return {
    site,
    calls,
    behave: (next) => {
      behaviour = next;
    },
    close: () => site.close(),
  };
}
