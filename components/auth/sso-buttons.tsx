// "Sign in with GitHub" / "Sign in with <OIDC name>" (docs/accounts.md#github-and-openid-connect):
// plain links to the start route, one per provider the server has configured;
// nothing at all when none is. A refused sign-in's message shows above them.
import type { SsoProvider } from "@/lib/auth/sso-config";

type Props = { buttons: { provider: SsoProvider; label: string }[]; returnTo?: string; error: string | null };

export function AuthSsoButtons({ buttons, returnTo, error }: Props) {
  const query = returnTo ? `?return_to=${encodeURIComponent(returnTo)}` : "";
  return (
    <>
      {error && (
        <p className="error-text" role="alert" data-testid="sso-error">
          {error}
        </p>
      )}
      {buttons.length > 0 && (
        <div className="auth-sso" data-testid="sso-buttons">
          {buttons.map((b) => (
            <a key={b.provider} className="btn" href={`/api/v1/auth/${b.provider}/start${query}`}>
              Sign in with {b.label}
            </a>
          ))}
        </div>
      )}
    </>
  );
}
