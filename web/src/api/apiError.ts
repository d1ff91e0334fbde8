import type { Problem } from "./types.js";

/** A failed API call: the server's problem details, or a network failure (status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly problem?: Problem,
  ) {
    super(message);
    this.name = "ApiError";
  }

  static async of(response: Response): Promise<ApiError> {
    const text = await response.text().catch(() => "");
    try {
      const problem = JSON.parse(text) as Problem;
      if (typeof problem.code === "string")
        return new ApiError(response.status, problem.code, problem.detail, problem);
    } catch {
      // not a problem document: fall through
    }
    return new ApiError(response.status, "http_error", `${response.status} ${response.statusText}`);
  }
}
