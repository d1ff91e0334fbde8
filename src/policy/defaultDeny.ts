import type { Rule } from "./policyTypes.js";

/** A program name, with or without a directory in front. */
const prog = (name: string): string => `^(?:\\S*/)?(?:${name})`;
const INTERPRETER = "(?:ba|z|da|k|fi)?sh|python[0-9.]*|perl|ruby|node";
const DOWNLOADER = "curl|wget|fetch";

/**
 * The deny list every built-in policy ships with (drop it with `defaultDeny: false`). It
 * catches the classic ways a command ruins a machine or escapes policy: recursive deletes of
 * `/`, `~` or the workspace, privilege escalation, piping a download into a shell, wiping
 * disks, powering off, and writing protected paths through a redirection. It is a
 * tripwire, not a sandbox: deny what is known-bad, allow only what is known-good.
 */
export const DEFAULT_DENY: readonly Rule[] = [
  {
    id: "default-deny.rm-root",
    commandRegex: [
      `${prog("rm")}(?=\\s)(?=.*\\s(?:-[a-zA-Z]*[rR][a-zA-Z]*|--recursive)(?:\\s|$))(?=.*\\s(?:/+\\*?|~/?\\*?|\\$\\{?HOME\\}?/?\\*?|\\.{1,2}/?\\*?|/[A-Za-z]+/?\\*?)(?:\\s|$))`,
      "(?:^|\\s)--no-preserve-root(?:\\s|$)",
    ],
    reason: "recursive delete of /, a top-level directory, ~ or the whole workspace",
  },
  {
    id: "default-deny.privilege",
    commands: ["sudo", "su", "doas", "pkexec", "run0"],
    reason: "privilege escalation",
  },
  {
    id: "default-deny.pipe-to-shell",
    commandRegex: [
      `(?:^|[\\s;&|(])(?:${DOWNLOADER})\\b[^;&]*\\|\\s*(?:sudo\\s+)?(?:\\S*/)?(?:${INTERPRETER})\\b`,
      `(?:^|\\s)(?:\\S*/)?(?:${INTERPRETER})\\s+(?:-\\S+\\s+)*<\\(\\s*(?:${DOWNLOADER})\\b`,
      `(?:^|\\s)(?:eval|(?:\\S*/)?(?:${INTERPRETER}))\\b[^\\n]*\\$\\(\\s*(?:${DOWNLOADER})\\b`,
    ],
    reason: "runs a downloaded script (curl | sh)",
  },
  {
    id: "default-deny.disk",
    commandRegex: [
      `${prog("mkfs(?:\\.\\w+)?|fdisk|parted|wipefs|shred")}(?:\\s|$)`,
      `${prog("dd")}\\s.*\\bof=/dev/`,
      ">\\s*/dev/(?:sd|hd|nvme|xvd|vd|disk|mmcblk)",
      ":\\(\\)\\s*\\{\\s*:\\s*\\|\\s*:\\s*&\\s*\\}\\s*;\\s*:",
      `${prog("chmod|chown|chgrp")}\\s+(?:\\S+\\s+)*-[a-zA-Z]*R[a-zA-Z]*\\s+(?:\\S+\\s+)*/(?:\\s|$)`,
    ],
    reason: "wipes a disk, the file system or the machine's permissions",
  },
  {
    id: "default-deny.power",
    commands: ["shutdown", "reboot", "halt", "poweroff", "init 0", "init 6", "systemctl poweroff"],
    reason: "powers off or reboots the machine",
  },
  {
    id: "default-deny.protected-redirect",
    commandRegex: [
      ">{1,2}\\s*['\"]?(?:\\S*/)?(?:\\.git|\\.acpgate)(?:/|['\"]?(?:\\s|$))",
      ">{1,2}\\s*['\"]?(?:\\S*/)?acpgate\\.ya?ml(?:['\"]?(?:\\s|$))",
    ],
    reason: "writes a protected path (.git/, .acpgate/, the config) through a redirection",
  },
];
