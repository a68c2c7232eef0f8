/** The site's theme config, bundled into the client script by the client stage. */
declare module 'docgen:theme-config' {
  const config: import('../types.ts').ThemeConfig;
  export default config;
}
