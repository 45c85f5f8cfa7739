import { currentLanguage, t } from './i18n.ts';
import type { MessageKey } from './en.ts';

/**
 * The server's messages shown to students (docs/architecture.md, "Languages"): the server
 * answers in English, and the client says the ones it knows in the student's language. An
 * unknown one, in Hindi, becomes a general sentence by its status rather than English.
 */
const known: Record<string, MessageKey> = {
  'The username/email or password is not correct': 'server.badLogin',
  'This account has been turned off by the school.': 'server.accountDisabled',
  'This username is taken': 'server.usernameTaken',
  'An account with this email already exists': 'server.emailTaken',
  'The old password is not correct': 'server.oldPassword',
  'Some fields are not valid': 'server.invalidFields',
  'Some fields hold characters that cannot be stored': 'server.badCharacters',
  'Sign in to do this.': 'server.signIn',
  'Sign in again: there is no session to refresh.': 'server.signInAgain',
  'This sign-in was used from somewhere else, so it was ended. Please sign in again.': 'server.sessionEnded',
  'Something went wrong on our side. Please try again in a moment.': 'server.ourSide',
  'There is no such user': 'server.noUser',
  'This comment does not exist (it may already have been deleted)': 'server.noComment',
  'This tweet does not exist (it may already have been deleted)': 'server.noTweet',
  'Only the author of this comment may change or delete it': 'server.commentAuthor',
  'Only the author of this tweet may change or delete it': 'server.tweetAuthor',
  'Only the owner of this video may change or delete it': 'server.videoOwner',
  'The request body is too large': 'server.tooLarge',
  'Payload Too Large': 'server.tooLarge',
  'A video file is required': 'server.videoRequired',
  'A thumbnail image is required': 'server.thumbnailRequired',
  'Avatar is required': 'server.avatarRequired',
  'Password changed. Other devices were signed out.': 'server.passwordChanged',
  'Account details updated': 'server.accountUpdated',
  'Thank you, your message was received': 'server.messageReceived',
  'You appear to be offline. Check your connection and try again.': 'server.offline',
};

/**
 * A message from the server (or the API client) in the language on show; `status` is the
 * answer's (2xx for a success's message), unknown for a refusal kept on the device.
 */
export function serverText(message: string, status?: number): string {
  if (currentLanguage() === 'en') return message;
  const key = known[message.trim()];
  if (key) return t(key);
  // A refusal for size names the limit ("Avatar may be at most 5 MB", "must be at most 5 MB",
  // "Thumbnail is larger than 5 MB"): the limit is said, in the student's language.
  const limit = /(?:be at most|is larger than) (\d+(?:\.\d+)? MB)/.exec(message);
  if (limit) return t('server.fileAtMost', { size: limit[1]! });
  if (status !== undefined && status < 300) return t('server.done');
  if (/^Too many/i.test(message) || status === 429) return t('server.busy');
  if (status !== undefined && status >= 500) return t('server.ourSide');
  if (status === 404) return t('server.notFound');
  return t('server.refused');
}
