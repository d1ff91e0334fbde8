import type { AnyMessage } from "@agentclientprotocol/sdk";

/** Narrowing helpers on parsed JSON-RPC messages, without trusting their shape. */
export function messageMethod(message: AnyMessage): string | undefined {
  const method = (message as { method?: unknown }).method;
  return typeof method === "string" ? method : undefined;
}

export function messageId(message: AnyMessage): string | number | null | undefined {
  if (!("id" in message)) return undefined;
  const id = (message as { id?: unknown }).id;
  return typeof id === "string" || typeof id === "number" || id === null ? id : undefined;
}

export function isNotification(message: AnyMessage): boolean {
  return messageMethod(message) !== undefined && !("id" in message);
}

export function isRequest(message: AnyMessage): boolean {
  return messageMethod(message) !== undefined && "id" in message;
}
