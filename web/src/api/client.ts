import { ApiError } from "./apiError.js";
import type {
  AgentItem,
  AnswerBody,
  AuditRecord,
  CreateSessionBody,
  DoctorReport,
  DecisionBody,
  PendingApproval,
  PromotionBody,
  QuestionView,
  SessionPage,
  SessionView,
  VerifyResult,
  WhoAmI,
} from "./types.js";

export interface AuditFilter {
  session?: string;
  kind?: string;
  after?: number;
  limit?: number;
}

const query = (params: Record<string, string | number | undefined>): string => {
  const entries = Object.entries(params).filter(
    (e): e is [string, string | number] => e[1] !== undefined && e[1] !== "",
  );
  return entries.length ? `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)]))}` : "";
};

/**
 * The HTTP API, typed by the server's own types. Every call carries the bearer token; a 401
 * calls `onUnauthorized` (the page asks for a token again).
 */
export class ApiClient {
  constructor(
    readonly token: string,
    private readonly onUnauthorized: () => void = () => undefined,
  ) {}

  /** Headers for a request of the API (also the event streams). */
  headers(extra: Record<string, string> = {}): Record<string, string> {
    return { authorization: `Bearer ${this.token}`, ...extra };
  }

  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(path, {
        method,
        headers: this.headers(body !== undefined ? { "content-type": "application/json" } : {}),
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
    } catch (error) {
      throw new ApiError(0, "network", `the server did not answer (${String(error)})`);
    }
    if (response.status === 401) this.onUnauthorized();
    if (!response.ok) throw await ApiError.of(response);
    return (await response.json()) as T;
  }

  whoami = (): Promise<WhoAmI> => this.request("GET", "/api/whoami");
  agents = (): Promise<{ items: AgentItem[] }> => this.request("GET", "/api/agents");
  doctor = (id: string): Promise<DoctorReport> =>
    this.request("POST", `/api/agents/${encodeURIComponent(id)}/doctor`);
  sessions = (filter: { state?: string; agent?: string; limit?: number }): Promise<SessionPage> =>
    this.request("GET", `/api/agent-sessions${query(filter)}`);
  session = (id: string): Promise<SessionView> =>
    this.request("GET", `/api/agent-sessions/${encodeURIComponent(id)}`);
  createSession = (body: CreateSessionBody): Promise<SessionView> =>
    this.request("POST", "/api/agent-sessions", body);
  prompt = (id: string, prompt: string): Promise<SessionView> =>
    this.request("POST", `/api/agent-sessions/${encodeURIComponent(id)}/prompt`, { prompt });
  cancel = (id: string): Promise<SessionView> =>
    this.request("POST", `/api/agent-sessions/${encodeURIComponent(id)}/cancel`);
  close = (id: string): Promise<SessionView> =>
    this.request("DELETE", `/api/agent-sessions/${encodeURIComponent(id)}`);
  promote = (id: string, body: PromotionBody): Promise<unknown> =>
    this.request("POST", `/api/agent-sessions/${encodeURIComponent(id)}/promotions`, body);
  approvals = (session?: string): Promise<{ items: PendingApproval[] }> =>
    this.request("GET", `/api/permission-requests${query({ state: "pending", session })}`);
  decide = (id: string, body: DecisionBody): Promise<unknown> =>
    this.request("POST", `/api/permission-requests/${encodeURIComponent(id)}/decision`, body);
  questions = (session?: string): Promise<{ items: QuestionView[] }> =>
    this.request("GET", `/api/questions${query({ session })}`);
  answer = (id: string, body: AnswerBody): Promise<unknown> =>
    this.request("POST", `/api/questions/${encodeURIComponent(id)}/answer`, body);
  audit = (filter: AuditFilter): Promise<{ items: AuditRecord[]; nextAfter?: number }> =>
    this.request("GET", `/api/audit${query({ ...filter })}`);
  verify = (): Promise<VerifyResult> => this.request("GET", "/api/audit/verify");
}
