import type { MouseEvent, ReactNode } from "react";
import { navigate } from "../app/router.js";

/** An anchor that navigates inside the app (a real href: open in a new tab still works). */
export function Link(props: {
  to: string;
  children: ReactNode;
  className?: string;
  current?: boolean;
}) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>): void => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(props.to);
  };
  return (
    <a
      href={props.to}
      onClick={onClick}
      className={props.className}
      aria-current={props.current ? "page" : undefined}
    >
      {props.children}
    </a>
  );
}
