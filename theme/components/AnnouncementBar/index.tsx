import { useEffect, useState } from 'react';
import { useHtmlWithBase } from '../../runtime/base.ts';
import { readStorage, writeStorage } from '../../runtime/storage.ts';
import { ANNOUNCEMENT_DISMISS_KEY, ANNOUNCEMENT_ID_KEY } from '../../../common/storage.ts';
import type { ThemeConfig } from '../../types.ts';


/**
 * The bar is always in the server markup; the inline head script marks `<html>` when this
 * announcement was dismissed and the stylesheet hides it before paint, so nothing shifts.
 * After mount the stored state decides: a new id shows the bar again.
 */
export function AnnouncementBar({ bar }: { bar: NonNullable<ThemeConfig['announcementBar']> }) {
  const [closed, setClosed] = useState(false);
  const content = useHtmlWithBase(bar.content);
  useEffect(() => {
    const same = readStorage(ANNOUNCEMENT_ID_KEY) === bar.id;
    if (!same) {
      writeStorage(ANNOUNCEMENT_ID_KEY, bar.id);
      writeStorage(ANNOUNCEMENT_DISMISS_KEY, 'false');
    }
    setClosed(same && readStorage(ANNOUNCEMENT_DISMISS_KEY) === 'true');
  }, [bar.id]);
  if (closed) return null;
  const close = () => {
    writeStorage(ANNOUNCEMENT_DISMISS_KEY, 'true');
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
