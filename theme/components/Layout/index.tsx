import type { ReactNode } from 'react';
import type { SiteProps } from '../../types.ts';
import { Footer } from '../Footer/index.tsx';
import { Navbar } from '../Navbar/index.tsx';
import { SkipToContent } from '../SkipToContent/index.tsx';

/** Skip link, announcement bar, navbar, the page, footer. */
export function Layout({ config, route, children }: SiteProps & { children: ReactNode }) {
  const bar = config.announcementBar;
  return (
    <>
      <SkipToContent />
      {bar && (
        <div className="announcement-bar" role="banner" style={{ backgroundColor: bar.backgroundColor, color: bar.textColor }} dangerouslySetInnerHTML={{ __html: bar.content }} />
      )}
      <Navbar config={config} route={route} />
      {children}
      <Footer config={config} />
    </>
  );
}
