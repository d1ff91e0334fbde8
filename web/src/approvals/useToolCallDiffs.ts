import { useEffect, useState } from "react";
import { openSse } from "../api/sseStream.js";
import type { PendingApproval, SessionEvent } from "../api/types.js";
import { usePortal } from "../app/session.js";
import { diffsOf, type FileDiff } from "../session/toolDiffs.js";

/**
 * The diffs of the tool call a pending approval is about, read from the session's event
 * stream up to the permission request (then the stream is closed).
 */
export function useToolCallDiffs(approval: PendingApproval): FileDiff[] {
  const { api } = usePortal();
  const [diffs, setDiffs] = useState<FileDiff[]>([]);
  const { sessionId, toolCallId, permissionRequestId } = approval;
  useEffect(() => {
    if (!toolCallId) return undefined;
    const stop = openSse({
      url: `/api/agent-sessions/${encodeURIComponent(sessionId)}/events`,
      headers: api.headers(),
      finalEvents: ["end"],
      onMessage: (message) => {
        if (
          message.event !== "tool_call" &&
          message.event !== "tool_call_update" &&
          message.event !== "permission_asked"
        )
          return;
        const event = JSON.parse(message.data) as SessionEvent;
        if ("toolCallId" in event && event.toolCallId === toolCallId) {
          const found = diffsOf(event.raw);
          if (found.length) setDiffs(found);
        }
        if (event.type === "permission_asked" && event.requestId === permissionRequestId) stop();
      },
    });
    return stop;
  }, [api, sessionId, toolCallId, permissionRequestId]);
  return diffs;
}
