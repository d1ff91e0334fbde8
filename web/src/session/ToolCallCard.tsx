import type { ToolCallItem } from "./timeline.js";
import { DiffView } from "./DiffView.js";
import { TerminalOutput } from "./TerminalOutput.js";

/** A tool call: title, kind, status, the files it touches, its diffs and output. */
export function ToolCallCard({ item }: { item: ToolCallItem }) {
  return (
    <article className={`card tool status-${item.status}`} aria-label={`tool call ${item.title}`}>
      <header>
        <span className="tool-kind">{item.toolKind}</span> <strong>{item.title}</strong>{" "}
        <span className={`badge status-${item.status}`}>{item.status}</span>
      </header>
      {item.locations.length ? (
        <ul className="locations" aria-label="locations">
          {item.locations.map((l) => (
            <li key={l}>
              <code>{l}</code>
            </li>
          ))}
        </ul>
      ) : null}
      {item.diffs.map((d) => (
        <DiffView key={d.path} path={d.path} oldText={d.oldText} newText={d.newText} />
      ))}
      <TerminalOutput texts={item.output} rawOutput={item.rawOutput} />
    </article>
  );
}
