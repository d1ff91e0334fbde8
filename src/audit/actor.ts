/**
 * Who acts through the CLI: the CI job's identity when the environment names one, else the
 * login user, else `cli`. Surfaces with tokens (api) use the token's principal instead.
 */
export function cliActor(env: NodeJS.ProcessEnv = process.env): string {
  const user = env.GITHUB_ACTOR ?? env.GITLAB_USER_LOGIN ?? env.BUILDKITE_BUILD_CREATOR;
  const job = env.CI_JOB_ID ?? env.GITHUB_RUN_ID ?? env.BUILDKITE_JOB_ID;
  if (user && job) return `ci:${user}@${job}`;
  if (user) return `ci:${user}`;
  if (job) return `ci:job-${job}`;
  if (env.USER) return `user:${env.USER}`;
  return "cli";
}

/** The actor of automatic decisions. */
export const POLICY_ACTOR = "policy";
