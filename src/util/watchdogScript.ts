/**
 * The watchdog's whole program, for `/bin/sh -c` (dash, bash, busybox ash: only builtins and
 * `sleep`). Lines on stdin: `+PGID` registers a process group, `-PGID` forgets it. When stdin
 * reaches EOF — acpgate exited, however it went: the write end is acpgate's alone — every
 * group still registered gets SIGTERM; those still alive after WATCHDOG_TERM_TICKS × 0.1 s get
 * SIGKILL; then the watchdog exits. With nothing registered it exits at once.
 * INT, HUP and TERM are ignored: a Ctrl-C or a stop signal to acpgate must not end the
 * watchdog before acpgate itself is gone.
 */
const WATCHDOG_TERM_TICKS = 20;

export const WATCHDOG_SCRIPT = `trap '' INT HUP TERM
g=' '
while read -r l; do
  case $l in
    +*) g="$g\${l#+} " ;;
    -*) n=' '; for p in $g; do [ "$p" = "\${l#-}" ] || n="$n$p "; done; g=$n ;;
  esac
done
for p in $g; do kill -TERM -$p 2>/dev/null; done
t=0
while [ $t -lt ${WATCHDOG_TERM_TICKS} ]; do
  a=''
  for p in $g; do kill -0 -$p 2>/dev/null && a="$a $p"; done
  [ -z "$a" ] && exit 0
  g=$a
  t=$((t + 1))
  sleep 0.1
done
for p in $g; do kill -KILL -$p 2>/dev/null; done
`;
