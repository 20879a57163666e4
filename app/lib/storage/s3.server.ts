import crypto from "node:crypto";
import { AwsClient } from "aws4fetch";
import { assertValidKey } from "./keys";

export interface S3Settings {
  /** e.g. https://s3.eu-west-1.amazonaws.com or http://minio:9000; objects are addressed path-style. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Base URL the public reads objects from; defaults to `${endpoint}/${bucket}`. */
  publicUrl: string | null;
}

const TIMEOUT_MS = 15_000;

function encodeKey(key: string): string {
  return key.split("/").map(encodeURIComponent).join("/");
}

/** An S3-compatible bucket, spoken to with SigV4-signed requests over fetch. */
export class S3Storage {
  private readonly client: AwsClient;
  private readonly objectBase: string;
  private readonly publicBase: string;

  constructor(settings: S3Settings) {
    this.client = new AwsClient({
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      service: "s3",
      region: settings.region,
      retries: 2,
    });
    this.objectBase = `${settings.endpoint.replace(/\/+$/, "")}/${encodeURIComponent(settings.bucket)}`;
    this.publicBase = (settings.publicUrl ?? this.objectBase).replace(/\/+$/, "");
  }

  async putObject(key: string, bytes: Uint8Array, contentType: string): Promise<string> {
    assertValidKey(key);
    const response = await this.client.fetch(`${this.objectBase}/${encodeKey(key)}`, {
      method: "PUT",
      body: bytes as Uint8Array<ArrayBuffer>,
      headers: {
        "Content-Type": contentType,
        "Cache-Control": "public, max-age=31536000, immutable",
        // The payload is signed too (S3 checks it), rather than sent as UNSIGNED-PAYLOAD.
        "X-Amz-Content-Sha256": crypto.createHash("sha256").update(bytes).digest("hex"),
      },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`S3 PUT ${key} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
    return `${this.publicBase}/${encodeKey(key)}`;
  }

  async deleteObject(key: string): Promise<void> {
    assertValidKey(key);
    const response = await this.client.fetch(`${this.objectBase}/${encodeKey(key)}`, {
      method: "DELETE",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok && response.status !== 404) throw new Error(`S3 DELETE ${key} answered ${response.status}`);
  }

  keyFromUrl(url: string): string | null {
    const prefix = `${this.publicBase}/`;
    if (!url.startsWith(prefix)) return null;
    try {
      const key = url.slice(prefix.length).split("/").map(decodeURIComponent).join("/");
      assertValidKey(key);
      return key;
    } catch {
      return null;
    }
  }
}
