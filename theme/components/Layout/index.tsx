import type { ReactNode } from 'react';
import type { SidebarNode, SiteProps } from '../../types.ts';
import { AnnouncementBar } from '../AnnouncementBar/index.tsx';
import { Footer } from '../Footer/index.tsx';
import { Navbar } from '../Navbar/index.tsx';
import { SkipToContent } from '../SkipToContent/index.tsx';

/** Skip link, announcement bar, navbar, the page, footer. */
export function Layout({ config, route, sidebar = null, children }: SiteProps & { sidebar?: SidebarNode[] | null; children: ReactNode }) {
  return (
    <>
      <SkipToContent />
      {config.announcementBar && <AnnouncementBar bar={config.announcementBar} keys={config.storage} />}
      <Navbar config={config} route={route} sidebar={sidebar} />
      {children}
      <Footer config={config} />
    </>
  );
}
