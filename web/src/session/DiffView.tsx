import { createTwoFilesPatch } from "diff";
import { useMemo } from "react";

/** A unified diff with its file names; `text` when the server already made one (the audit). */
export function DiffView(props: {
  path: string;
  oldText?: string | null;
  newText?: string;
  text?: string;
}) {
  const patch = useMemo(() => {
    if (props.text !== undefined) return props.text;
    const created = props.oldText === null || props.oldText === undefined;
    return createTwoFilesPatch(
      created ? "/dev/null" : `a/${props.path}`,
      `b/${props.path}`,
      props.oldText ?? "",
      props.newText ?? "",
      undefined,
      undefined,
      { context: 3 },
    );
  }, [props.path, props.oldText, props.newText, props.text]);
  const lines = patch
    .split("\n")
    .filter((l, i, all) => !(i === all.length - 1 && l === "") && !l.startsWith("===="));
  return (
    <figure className="diff" aria-label={`diff of ${props.path}`}>
      <figcaption>{props.path}</figcaption>
      <pre>
        {lines.map((line, i) => (
          <span
            key={i}
            className={
              line.startsWith("+++") || line.startsWith("---")
                ? "d-file"
                : line.startsWith("@@")
                  ? "d-hunk"
                  : line.startsWith("+")
                    ? "d-add"
                    : line.startsWith("-")
                      ? "d-del"
                      : "d-ctx"
            }
          >
            {line}
            {"\n"}
          </span>
        ))}
      </pre>
    </figure>
  );
}
