/** One Server-Sent Event. */
export interface SseMessage {
  event: string;
  id?: string;
  data: string;
}

export interface SseOptions {
  url: string;
  headers: Record<string, string>;
  onMessage: (message: SseMessage) => void;
  /** Connection state for the page: `live`, `reconnecting` (with the error), `ended`. */
  onStatus?: (status: "live" | "reconnecting" | "ended", detail?: string) => void;
  /** Messages after which the server closes for good: no reconnect. */
  finalEvents?: readonly string[];
}

/**
 * Server-Sent Events over fetch, since EventSource cannot send a bearer token (and the token
 * must never be in a URL). Reconnects with backoff and `Last-Event-ID`, so a dropped
 * connection resumes exactly after the last event seen. Returns a stop function.
 */
export function openSse(options: SseOptions): () => void {
  const abort = new AbortController();
  let lastId: string | undefined;
  let ended = false;
  let delay = 500;
  let gone: string | undefined;

  const parseBlock = (block: string): void => {
    const message: SseMessage = { event: "message", data: "" };
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line === "" || line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "event") message.event = value;
      else if (field === "id") message.id = value;
      else if (field === "data") data.push(value);
    }
    if (data.length === 0 && message.id === undefined) return;
    message.data = data.join("\n");
    if (message.id !== undefined) lastId = message.id;
    if (options.finalEvents?.includes(message.event)) ended = true;
    options.onMessage(message);
  };

  const connect = async (): Promise<void> => {
    const headers = { ...options.headers, accept: "text/event-stream" };
    const response = await fetch(options.url, {
      headers: lastId !== undefined ? { ...headers, "last-event-id": lastId } : headers,
      signal: abort.signal,
      cache: "no-store",
    });
    // A 4xx will not change on retry (gone, no such session, token refused): stop.
    if (response.status >= 400 && response.status < 500) {
      ended = true;
      gone = `HTTP ${response.status}`;
      return;
    }
    if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
    options.onStatus?.("live");
    delay = 500;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value.replace(/\r\n?/g, "\n");
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        parseBlock(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
      }
    }
  };

  const run = async (): Promise<void> => {
    while (!abort.signal.aborted && !ended) {
      let detail = "the stream closed";
      try {
        await connect();
      } catch (error) {
        detail = String(error);
      }
      if (abort.signal.aborted || ended) break;
      options.onStatus?.("reconnecting", detail);
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 10_000);
    }
    if (ended) options.onStatus?.("ended", gone);
  };
  void run();
  return () => abort.abort();
}
