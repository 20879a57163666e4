import { Transform } from "node:stream";

const PRELOAD = Buffer.from('<link rel="modulepreload" ');
const LOW = Buffer.from('fetchpriority="low" ');
const HEAD_END = Buffer.from("</head>");

/**
 * The document as React writes it, with the modules React Router preloads in the head marked
 * `fetchpriority="low"`: the browser then fetches the page's CSS and images before its ~25
 * scripts, so the page paints before it is interactive rather than after (Lighthouse on a slow
 * phone: decision 053). The scripts still load at once, in parallel; only the order changes.
 * Stops looking after </head>; the last few bytes of a chunk in the head wait for the next one,
 * in case a tag was cut between them.
 */
export function lowPriorityModulePreloads(onFinal: () => void): Transform {
  let pending: Buffer = Buffer.alloc(0);
  let inHead = true;
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      let data = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      if (!inHead) return callback(null, data);
      if (pending.length) data = Buffer.concat([pending, data]);
      pending = Buffer.alloc(0);
      const headEnd = data.indexOf(HEAD_END);
      const scanTo = headEnd === -1 ? data.length : headEnd;
      const parts: Buffer[] = [];
      let from = 0;
      for (let at = data.indexOf(PRELOAD, from); at !== -1 && at < scanTo; at = data.indexOf(PRELOAD, from)) {
        parts.push(data.subarray(from, at + PRELOAD.length), LOW);
        from = at + PRELOAD.length;
      }
      if (headEnd !== -1) {
        inHead = false;
      } else {
        // Hold back a tail that may start a preload tag or </head> cut by the chunk's end.
        const keep = Math.max(from, data.length - (PRELOAD.length - 1));
        pending = Buffer.from(data.subarray(keep));
        parts.push(data.subarray(from, keep));
        return callback(null, Buffer.concat(parts));
      }
      parts.push(data.subarray(from));
      callback(null, parts.length === 1 ? parts[0] : Buffer.concat(parts));
    },
    flush(callback) {
      onFinal();
      callback(null, pending.length ? pending : undefined);
    },
  });
}
