import type { AnyMessage } from "@agentclientprotocol/sdk";
import { isRequest, messageId } from "./messageKinds.js";

/**
 * Ids of the requests acpgate sent that the agent has not answered yet. A response-shaped
 * message answering none of them (an unknown or repeated id, no id at all) is a stray: the SDK
 * would only `console.error` it on the plane's stderr, once per frame, for as long as an agent
 * cares to send them. The tap still records strays; only the SDK is spared them.
 */
export class OutboundRequests {
  private readonly open = new Set<string | number>();

  sent(message: AnyMessage): void {
    if (!isRequest(message)) return;
    const id = messageId(message);
    if (id !== undefined && id !== null) this.open.add(id);
  }

  /** True for a response that answers no open request; an answering one closes its id. */
  isStray(message: AnyMessage): boolean {
    if ("method" in message) return false;
    if (!("id" in message || "result" in message || "error" in message)) return false;
    const id = messageId(message);
    return !(id !== undefined && id !== null && this.open.delete(id));
  }
}
