import { AnnouncementList } from './announcement-list';

/** `/console/content/banners`. */
export default function BannersPage() {
  return <AnnouncementList screen="banners" />;
}
