import { useCallback, useEffect, useMemo, useState } from "react";
import { ApiClient } from "../api/client.js";
import { clearToken, loadToken, saveToken } from "../api/tokenStore.js";
import type { WhoAmI } from "../api/types.js";
import { Loading } from "../common/States.js";
import { LoginForm } from "./LoginForm.js";
import { SignedIn } from "./SignedIn.js";

/** Token → who am I → the pages; a token the server rejects asks again. */
export function App() {
  const [token, setToken] = useState(loadToken);
  const [me, setMe] = useState<WhoAmI>();
  const [error, setError] = useState<string>();
  const signOut = useCallback(() => {
    clearToken();
    setToken(undefined);
    setMe(undefined);
  }, []);
  const api = useMemo(
    () =>
      token
        ? new ApiClient(token, () => {
            signOut();
            setError("The server did not accept that token.");
          })
        : undefined,
    [token, signOut],
  );
  useEffect(() => {
    if (!api) return;
    api.whoami().then(
      (who) => {
        setMe(who);
        setError(undefined);
      },
      (caught: unknown) => {
        signOut();
        setError(caught instanceof Error ? caught.message : String(caught));
      },
    );
  }, [api, signOut]);
  const signIn = (given: string): void => {
    saveToken(given);
    setToken(given);
  };
  if (!api) return <LoginForm onToken={signIn} {...(error ? { error } : {})} />;
  if (!me) return <Loading what="your account" />;
  return <SignedIn api={api} me={me} signOut={signOut} />;
}
