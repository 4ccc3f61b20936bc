import type { Collection } from "../../../../data/collections/types";
import { dartHead, jsHead, type DocSpec, type DocsEnv } from "../docsModel";

export default function authMethods(c: Collection, env: DocsEnv): DocSpec {
  const o = c.options ?? {};
  return {
    title: `List auth methods (${c.name})`,
    description: `Lists the sign-in methods allowed for ${c.name}, with the OAuth2 providers and their PKCE data.`,
    method: "GET",
    path: `/api/collections/${c.name}/auth-methods`,
    access: "Public.",
    js: jsHead(env) + `const result = await pb.collection('${c.name}').listAuthMethods();`,
    dart: dartHead(env) + `final result = await pb.collection('${c.name}').listAuthMethods();`,
    responses: [
      {
        status: 200,
        body: {
          usernamePassword: !!o.allowUsernameAuth,
          emailPassword: !!o.allowEmailAuth,
          onlyVerified: !!o.onlyVerified,
          authProviders: o.allowOAuth2Auth
            ? [{ name: "github", displayName: "GitHub", state: "STATE", authUrl: "https://github.com/login/oauth/authorize?...", codeVerifier: "VERIFIER", codeChallenge: "CHALLENGE", codeChallengeMethod: "S256" }]
            : [],
        },
      },
    ],
  };
}
