import { useEffect, useState } from 'react';
import { useHtmlWithBase } from '../../runtime/base.ts';
import { readStorage, writeStorage } from '../../runtime/storage.ts';
import type { StorageKeys } from '../../../common/storage.ts';
import type { ThemeConfig } from '../../types.ts';


/**
 * The bar is always in the server markup; the inline head script marks `<html>` when this
 * announcement was dismissed and the stylesheet hides it before paint, so nothing shifts.
 * After mount the stored state decides (under the config's `storage` keys): a new id shows the
 * bar again.
 */
export function AnnouncementBar({ bar, keys }: { bar: NonNullable<ThemeConfig['announcementBar']>; keys: StorageKeys }) {
  const { announcementId, announcementDismissed } = keys;
  const [closed, setClosed] = useState(false);
  const content = useHtmlWithBase(bar.content);
  useEffect(() => {
    const same = readStorage(announcementId) === bar.id;
    if (!same) {
      writeStorage(announcementId, bar.id);
      writeStorage(announcementDismissed, 'false');
    }
    setClosed(same && readStorage(announcementDismissed) === 'true');
  }, [bar.id, announcementId, announcementDismissed]);
  if (closed) return null;
  const close = () => {
    writeStorage(announcementDismissed, 'true');
    setClosed(true);
  };
  return (
    <div className="announcement-bar" role="banner">
      <div className="announcement-bar__content" dangerouslySetInnerHTML={{ __html: content }} />
      {bar.isCloseable && (
        <button type="button" className="announcement-bar__close" aria-label="Close" onClick={close}>
          <svg viewBox="0 0 15 15" width="14" height="14" aria-hidden="true">
            <path stroke="currentColor" strokeWidth="2" d="M.75.75l13.5 13.5M14.25.75L.75 14.25" />
          </svg>
        </button>
      )}
    </div>
  );
}
