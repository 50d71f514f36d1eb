import { AnnouncementList } from './announcement-list';

/** `/console/content/announcements`. */
export default function AnnouncementsPage() {
  return <AnnouncementList screen="announcements" />;
}
