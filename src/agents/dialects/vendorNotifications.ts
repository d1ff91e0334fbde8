import { z } from "zod";
import { notificationMethod, type NotificationSpec } from "../../protocol/dialect.js";
import { boundJson } from "../../util/boundJson.js";

/**
 * The shared layer for `_`-prefixed notifications seen in the wild (`_model_state_update`,
 * `_zed.dev/…`): surfaced as typed `vendor_notification` events instead of dropped. It
 * applies under every dialect because a notification is never answered: surfacing it
 * accepts nothing on the agent's behalf.
 */
export const vendorNotifications: NotificationSpec = notificationMethod(
  z.unknown(),
  (params, context) => {
    context.emit({
      type: "vendor_notification",
      method: context.method,
      vendor: vendorOf(context.method),
      params: boundJson(params),
    });
  },
);

/** `_model_state_update` → `model_state_update`; `_zed.dev/x` → `zed.dev`. */
export function vendorOf(method: string): string {
  const name = method.replace(/^_+/, "");
  const slash = name.indexOf("/");
  return slash > 0 ? name.slice(0, slash) : name;
}
