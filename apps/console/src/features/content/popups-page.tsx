import { AnnouncementList } from './announcement-list';

/** `/console/content/popups`. */
export default function PopupsPage() {
  return <AnnouncementList screen="popups" />;
}
