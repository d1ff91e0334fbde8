import { useApprovals } from "../approvals/approvalsContext.js";
import { Markdown } from "../common/Markdown.js";
import { Empty } from "../common/States.js";
import { EventLine } from "./EventLine.js";
import { PermissionItemView } from "./PermissionItemView.js";
import { ThoughtItem } from "./ThoughtItem.js";
import type { TimelineItem, ToolCallItem } from "./timeline.js";
import { ToolCallCard } from "./ToolCallCard.js";

/** The conversation as it streams: prompts, messages, thoughts, tool calls, decisions. */
export function Conversation({ items, sessionId }: { items: TimelineItem[]; sessionId: string }) {
  const { pending } = useApprovals();
  const tools = new Map(
    items.filter((i): i is ToolCallItem => i.kind === "tool").map((t) => [t.toolCallId, t]),
  );
  if (items.length === 0) return <Empty>No events yet.</Empty>;
  return (
    <div className="conversation" aria-live="polite" aria-label="Conversation">
      {items.map((item) => {
        switch (item.kind) {
          case "user":
            return (
              <div key={item.key} className="msg user">
                <span className="who">prompt</span>
                <p className="prompt-text">{item.text}</p>
              </div>
            );
          case "agent":
            return (
              <div key={item.key} className="msg agent">
                <span className="who">agent</span>
                <Markdown text={item.text} />
              </div>
            );
          case "thought":
            return <ThoughtItem key={item.key} text={item.text} />;
          case "tool":
            return <ToolCallCard key={item.key} item={item} />;
          case "permission": {
            const live = pending.find(
              (a) => a.sessionId === sessionId && a.permissionRequestId === item.asked.requestId,
            );
            return (
              <PermissionItemView
                key={item.key}
                item={item}
                {...(live ? { pending: live } : {})}
                diffs={tools.get(item.asked.toolCallId)?.diffs ?? []}
              />
            );
          }
          default:
            return <EventLine key={item.key} event={item.event} />;
        }
      })}
    </div>
  );
}
