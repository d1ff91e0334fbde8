import type { AllowedWrite } from "./swapRehearsal.js";

/**
 * The policy of the rehearsal's allowed write: the workspace-write posture (so acpgate holds
 * the real agents in a mode that edits, and advertises `fs.writeTextFile`), narrowed to one
 * file. A write to anything but `allowed.txt` is denied by rule, the one to `allowed.txt` is
 * allowed by rule, so each decision in the audit names the rule that made it.
 */
export const SWAP_WRITE_POLICY = "swap-write";
export const SWAP_WRITE_ALLOW_RULE = "swap-write.allowed-txt";
export const SWAP_WRITE_DENY_RULE = "swap-write.only-allowed";

export const SWAP_WRITE: AllowedWrite = {
  policy: SWAP_WRITE_POLICY,
  policies: {
    [SWAP_WRITE_POLICY]: {
      extends: "workspace-write",
      deny: [
        {
          id: SWAP_WRITE_DENY_RULE,
          kind: ["edit", "delete", "move"],
          paths: ["**", "!allowed.txt"],
          reason: "only allowed.txt may change",
        },
      ],
      allow: [{ id: SWAP_WRITE_ALLOW_RULE, kind: "edit", paths: ["allowed.txt"] }],
    },
  },
};
