import type { Collection } from "../../../../data/collections/types";
import { ERR_400, authResponse, dartHead, expandFieldsParams, jsHead, type DocSpec, type DocsEnv } from "../docsModel";

export default function authWithOAuth2(c: Collection, env: DocsEnv): DocSpec {
  return {
    title: `Auth with OAuth2 (${c.name})`,
    description: `Authenticates with an OAuth2 provider and answers a token, the ${c.name} record and the provider's user data. A new record is created on the first sign-in; an existing record with the same verified email is linked.`,
    method: "POST",
    path: `/api/collections/${c.name}/auth-with-oauth2`,
    access: "Public.",
    bodyParams: [
      { name: "provider", type: "String", required: true, description: "The provider name (google, github, ...)." },
      { name: "code", type: "String", required: true, description: "The authorization code returned by the provider." },
      { name: "codeVerifier", type: "String", required: true, description: "The PKCE code verifier from the auth methods list." },
      { name: "redirectUrl", type: "String", required: true, description: "The redirect URL sent with the provider's authorization request." },
      { name: "createData", type: "Object", description: "Data for the new record when one is created (e.g. name)." },
    ],
    queryParams: expandFieldsParams(),
    js: jsHead(env) + `// all in one: opens a popup and waits for the realtime redirect (web only)\nconst authData = await pb.collection('${c.name}').authWithOAuth2({ provider: 'google' });\n\n// or manually, with a code from your own redirect page\nconst manual = await pb.collection('${c.name}').authWithOAuth2Code(\n    'google',\n    'CODE',\n    'VERIFIER',\n    'REDIRECT_URL',\n    { 'name': 'test' }, // optional data for a new record\n);`,
    dart: dartHead(env) + `// all in one: opens the provider url and waits for the realtime redirect\nfinal authData = await pb.collection('${c.name}').authWithOAuth2('google', (url) async {\n  // open the url in a browser, e.g. with url_launcher\n});\n\n// or manually, with a code from your own redirect page\nfinal manual = await pb.collection('${c.name}').authWithOAuth2Code(\n  'google',\n  'CODE',\n  'VERIFIER',\n  'REDIRECT_URL',\n  createData: {'name': 'test'},\n);`,
    responses: [
      {
        status: 200,
        body: authResponse(c, {
          meta: { id: "abc123", name: "John Doe", username: "john.doe", email: "test@example.com", avatarUrl: "https://example.com/avatar.png", accessToken: "...", refreshToken: "...", rawUser: {} },
        }),
      },
      ERR_400("An error occurred while submitting the form.", { provider: { code: "validation_required", message: "Missing required value." } }),
    ],
  };
}
