import { siApple, siBitbucket, siDiscord, siFacebook, siGitea, siGitee, siGithub, siGitlab, siGoogle, siInstagram, siKakaotalk, siLivechat, siOpenid, siPatreon, siSpotify, siStrava, siTwitch, siVk, siX } from "simple-icons";

/**
 * Provider logos from simple-icons (CC0), by provider key; named imports so the build keeps only
 * these. Microsoft, Yandex, mailcow and Planning Center are not in the set: they keep a letter tile.
 */
export const PROVIDER_ICONS: Record<string, { path: string }> = {
  appleAuth: siApple,
  googleAuth: siGoogle,
  facebookAuth: siFacebook,
  instagramAuth: siInstagram,
  githubAuth: siGithub,
  gitlabAuth: siGitlab,
  bitbucketAuth: siBitbucket,
  giteeAuth: siGitee,
  giteaAuth: siGitea,
  discordAuth: siDiscord,
  twitterAuth: siX,
  kakaoAuth: siKakaotalk,
  vkAuth: siVk,
  spotifyAuth: siSpotify,
  twitchAuth: siTwitch,
  patreonAuth: siPatreon,
  stravaAuth: siStrava,
  livechatAuth: siLivechat,
  oidcAuth: siOpenid,
  oidc2Auth: siOpenid,
  oidc3Auth: siOpenid,
};
