import { Markdown } from "../common/Markdown.js";

/** The agent's thinking: collapsed unless asked for. */
export function ThoughtItem({ text }: { text: string }) {
  return (
    <details className="thought">
      <summary>Thought</summary>
      <Markdown text={text} />
    </details>
  );
}
