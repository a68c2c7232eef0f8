import { Heading } from 'docgen/components';

export const meta = { description: 'Developer documentation for Vaultline: collect, share, process and govern sensitive data.' };

const START = [
  { title: 'Getting Started', href: '/docs/', body: 'Create a tenant, get an API key and store your first token in minutes.' },
  { title: 'Cards', href: '/docs/guides/cards/', body: 'Collect, store and use card data without bringing your systems into PCI scope.' },
  { title: 'Any Data', href: '/docs/guides/any/', body: 'Tokenize personal and financial data of any shape and use it safely.' },
];

const SDKS = [
  { group: 'Server-side', items: [['.NET', '/docs/sdks/server-side/dotnet'], ['Java', '/docs/sdks/server-side/java'], ['Go', '/docs/sdks/server-side/go'], ['Node', '/docs/sdks/server-side/node'], ['Python', '/docs/sdks/server-side/python'], ['Terraform', '/docs/sdks/server-side/terraform']] },
  { group: 'Web', items: [['React', '/docs/sdks/web/react/'], ['JavaScript', '/docs/sdks/web/javascript/']] },
  { group: 'Mobile', items: [['iOS', '/docs/sdks/mobile/ios/'], ['Android', '/docs/sdks/mobile/android/'], ['React Native', '/docs/sdks/mobile/react-native/']] },
];

const EXPLORE = [
  { title: 'API Reference', href: '/docs/api/', body: 'Every endpoint, parameter and error of the Vaultline API.' },
  { title: 'Concepts', href: '/docs/concepts/', body: 'Tokens, containers, proxies, reactors and access controls explained.' },
  { title: 'Guides', href: '/docs/guides/', body: 'Step-by-step walkthroughs for the tasks teams build most.' },
  { title: 'Labs', href: 'https://github.com/vaultline-labs', body: 'Example apps and experiments from the Vaultline team.' },
  { title: 'Support', href: 'https://support.vaultline.example', body: 'Talk to the people who build the platform.' },
];

function Card({ title, href, body }: { title: string; href: string; body: string }) {
  const external = href.startsWith('http');
  return (
    <a className="card" href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      <span className="card__title">{title}</span>
      <span className="card__body">{body}</span>
    </a>
  );
}

/** The home page: hero, entry cards, SDK grid, more places to explore. */
export default function Home() {
  return (
    <div className="home">
      <header className="home__hero">
        <h1>Vaultline Docs</h1>
        <p>Collect, share, process and govern sensitive data without ever storing it yourself.</p>
      </header>
      <section>
        <Heading>Start Building</Heading>
        <div className="cards">
          {START.map((c) => (
            <Card key={c.href} {...c} />
          ))}
        </div>
      </section>
      <section>
        <Heading>Vaultline SDKs</Heading>
        <div className="home__sdks">
          {SDKS.map((g) => (
            <div key={g.group}>
              <Heading as="h3">{g.group}</Heading>
              <ul>
                {g.items.map(([label, href]) => (
                  <li key={href}>
                    <a href={href}>
                      {label}
                      <span className="sr-only"> SDK</span>
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </section>
      <section>
        <Heading>Explore Vaultline</Heading>
        <div className="cards">
          {EXPLORE.map((c) => (
            <Card key={c.href} {...c} />
          ))}
        </div>
      </section>
    </div>
  );
}
