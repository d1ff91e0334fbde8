// The token lives in this tab's session storage only: never in the URL, never logged.
const KEY = "acpgate.token";

export function loadToken(): string | undefined {
  return sessionStorage.getItem(KEY) ?? undefined;
}

export function saveToken(token: string): void {
  sessionStorage.setItem(KEY, token);
}

export function clearToken(): void {
  sessionStorage.removeItem(KEY);
}
