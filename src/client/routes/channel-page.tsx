import { useChannelProfile } from '../api/channels.ts';
import { userTweetsPath } from '../api/tweets.ts';
import { Screen } from '../components/screen.tsx';
import { SubscribeButton } from '../components/subscribe-button.tsx';
import { BackLink, ChannelProfileView } from '../features/channel/channel-profile.tsx';
import { TweetFeed } from '../features/tweets/all-tweets.tsx';
import { ChannelVideos } from '../features/videos/channel-videos.tsx';
import { useCurrentUser } from '../lib/session.tsx';
import { t } from '../i18n/i18n.ts';

/**
 * /userprofile/{username} and /userprofile1/{username}: the spec's profile fields, then that
 * channel's videos and tweets (product-additions.md); the two differ only in their back link.
 */
export function ChannelPage({ username, back }: { username: string; back: '/dashbord' | '/tweets' }) {
  const { data: profile } = useChannelProfile(username);
  const me = useCurrentUser();
  return (
    <Screen title={t('title.channel')}>
      <BackLink to={back} />
      <ChannelProfileView
        username={username}
        actions={(found) => <SubscribeButton channelId={found._id} subscribed={found.isSubscribed} />}
      />
      {profile ? (
        <>
          <ChannelVideos ownerId={profile._id} name={profile.fullName} />
          <section className="channel-list" aria-labelledby="channel-tweets">
            <h2 id="channel-tweets">{t('nav.tweets')}</h2>
            <TweetFeed
              path={userTweetsPath(profile._id)}
              user={me}
              label={`${profile.fullName}’s tweets`}
              empty={`${profile.fullName} has not tweeted yet.`}
            />
          </section>
        </>
      ) : null}
    </Screen>
  );
}
