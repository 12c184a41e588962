import { EXPORT_KEEP_DAYS } from '../../../contract';

/** README.txt of an export: what each file and key holds. */
export function readmeText(now: Date, images: number, skipped: { file: string; why: string }[]): string {
  const lines = [
    'Your data from the airsoft community site',
    `Prepared ${now.toISOString()} (UTC). The download is kept ${EXPORT_KEEP_DAYS} days, then deleted.`,
    '',
    'data.json  everything the site holds about you, as JSON (times in UTC, ISO 8601):',
    '  profile              your account: username, email, bio, location, avatar, cover image, role,',
    '                       when you joined, and a suspension if there is one (its end and reason)',
    '  posts                your posts, their captions and images (imageFiles: where each is in this ZIP)',
    '  comments             your comments, with the post and its author',
    '  likes, bookmarks     the posts you liked and saved',
    '  follows              whom you follow (following) and who follows you (followers), usernames only',
    '  eventRegistrations   the events you registered for, registered or waitlisted, your side, and',
    '                       whether you registered privately (counted, not listed among who is going)',
    "  eventComments        your comments in events' discussions (questions and organisers' answers)",
    '  waivers              the waivers you signed: event, version, your answers (name, date of birth,',
    '                       a guardian for a minor), when, and whether you signed it at the gate',
    "  checkIns             when you were checked in at an event's gate",
    "  chronoResults        your replicas' chrono readings at the gate and whether they passed",
    '  replicas             your garage: the replicas you keep with their last chrono reading',
    '  rides                carpools: the rides you offered or asked for (posted), and your requests',
    "                       to join others' rides (requests) with their answers",
    '  teams                your teams and your role in each',
    '  teamApplications     applications you made; those to the teams you lead (who, and the answer)',
    '  teamInvites          invitations you received and those you sent',
    '  teamGallery          pictures you added to team galleries',
    '  gear                 your gear posts, with their ratings',
    '  gearRatings          the ratings you gave to gear (counted: false while your account was too new)',
    '  fieldRatings         the ratings you gave to fields',
    '  badges               the badges you were awarded',
    '  notifications        your notifications, read or not; notificationSettings: how you get them',
    '  reports              the reports you made (what, why, your note)',
    '  sessions             your signed-in sessions: when each started, was last seen and ends',
    '                       (the site keeps no address or device for them, and only a hash of their key)',
    '  calendarFeed         whether you have a personal calendar address (its secret is never kept)',
    '  analytics            the visits recorded while you were signed in (country, region, device,',
    '                       where you came from, the pages you opened) and your searches; visits made',
    '                       signed out are tied to no one and are not here',
    '  files                the images in this ZIP, and any left out with the reason',
    '',
    `images/    the pictures you uploaded (${images} in this ZIP): profile/, posts/, gear/, team-gallery/`,
  ];
  if (skipped.length > 0) {
    lines.push('', 'Left out:');
    for (const s of skipped) lines.push(`  ${s.file}: ${s.why}`);
  }
  lines.push('');
  return lines.join('\n');
}
