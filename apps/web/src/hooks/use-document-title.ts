import { useEffect } from 'react';

const brand = 'Taya';

/** Names the browser tab after the screen, so history and tab lists are readable. */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} · ${brand}` : brand;
  }, [title]);
}
