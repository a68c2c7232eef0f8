// Sentence, heading and title generators built from the vocabulary in words.mjs.
import { ADJECTIVES, ADVERBS, FIXED_H2, HEADERS, NOUNS, PROPS, STATUS, UNITS, VERBS, an, camel, cap, ing, kebab, plural, pp, third, upper } from './words.mjs';

export class Prose {
  constructor(rng) {
    this.r = rng;
  }
  noun() { return this.r.pick(NOUNS); }
  nouns() { return plural(this.noun()); }
  adj() { return this.r.pick(ADJECTIVES); }
  adv() { return this.r.pick(ADVERBS); }
  verb() { return this.r.pick(VERBS); }
  verb3() { return third(this.verb()); }
  ving() { return ing(this.verb()); }
  vpp() { return pp(this.verb()); }
  unit() { return this.r.pick(UNITS); }
  num() { return this.r.pick([2, 3, 5, 10, 15, 30, 60, 90]); }
  bignum() { return this.r.pick([25, 50, 100, 250, 500, 1000, 5000, '10,000']); }
  /** Singular noun phrase. */
  np() {
    const r = this.r;
    switch (r.int(0, 5)) {
      case 0: return `the ${this.noun()}`;
      case 1: return `the ${this.adj()} ${this.noun()}`;
      case 2: return an(this.noun());
      case 3: return an(`${this.adj()} ${this.noun()}`);
      case 4: return `each ${this.noun()}`;
      default: return `your ${this.noun()}`;
    }
  }
  /** Plural noun phrase. */
  nps() {
    switch (this.r.int(0, 4)) {
      case 0: return this.nouns();
      case 1: return `${this.adj()} ${this.nouns()}`;
      case 2: return `all ${this.nouns()}`;
      case 3: return `the ${this.nouns()}`;
      default: return `most ${this.adj()} ${this.nouns()}`;
    }
  }
  prop() { return this.r.pick(PROPS); }
  code(s) { return `\`${s}\``; }
  propCode() { return this.code(this.prop()[0]); }
  flagCode() { return this.code(`--${kebab(this.r.chance(0.5) ? this.noun() : this.r.pick(['dry run', 'region', 'env', 'wait', 'force', 'output json', 'profile', 'max retries']))}`); }
  envCode() { return this.code(`BENCH_${upper(this.r.chance(0.5) ? this.noun() : this.r.pick(['api key', 'region', 'profile', 'log level', 'timeout']))}`); }
  cliCode() { return this.code(`bench ${kebab(this.noun())} ${this.verb()}${this.r.chance(0.4) ? ` --${this.r.pick(['env staging', 'dry-run', 'all', 'wait', 'region eu-west-1'])}` : ''}`); }
  headerCode() { return this.code(this.r.pick(HEADERS)); }
  anyCode() {
    switch (this.r.int(0, 3)) {
      case 0: return this.propCode();
      case 1: return this.flagCode();
      case 2: return this.envCode();
      default: return this.code(camel(`${this.adj()} ${this.noun()}`));
    }
  }
  valueCode(prop) {
    const v = this.r.pick(prop[2]);
    return this.code(typeof v === 'string' ? `"${v}"` : String(v));
  }

  sentence() {
    const g = this;
    const t = [
      () => `${cap(g.np())} ${g.verb3()} ${g.np()} ${g.adv()}.`,
      () => `When ${g.np()} ${g.verb3()} ${g.np()}, ${g.np()} is ${g.vpp()} ${g.adv()}.`,
      () => `You can ${g.verb()} ${g.np()} with the ${g.anyCode()} option.`,
      () => `By default, ${g.nps()} are ${g.vpp()} ${g.adv()}, so ${g.nps()} never ${g.verb()} ${g.np()}.`,
      () => `If ${g.np()} ${g.verb3()} before ${g.np()} is ${g.vpp()}, the request fails with ${an(`${g.adj()} ${g.noun()}`)}.`,
      () => `Use ${g.anyCode()} to ${g.verb()} ${g.nps()} in ${g.np()}.`,
      () => `Each ${g.noun()} keeps its own ${g.noun()}, which means ${g.nps()} can be ${g.vpp()} ${g.adv()}.`,
      () => `This is useful when ${g.nps()} need to ${g.verb()} ${g.nps()} without ${g.ving()} ${g.np()}.`,
      () => `In most setups, ${g.ving()} ${g.np()} takes less than ${g.num()} seconds.`,
      () => `The service ${g.verb3()} up to ${g.bignum()} ${g.nouns()} per ${g.unit()}.`,
      () => `Avoid ${g.ving()} ${g.np()} directly, because ${g.np()} may ${g.verb()} it again.`,
      () => `After ${g.np()} is ${g.vpp()}, ${g.verb()} ${g.np()} and check ${g.np()}.`,
      () => {
        const p = g.prop();
        return `For ${g.adj()} ${g.nouns()}, set ${g.code(p[0])} to ${g.valueCode(p)}.`;
      },
      () => `Note that ${g.np()} only ${g.verb3()} ${g.adj()} ${g.nouns()}.`,
      () => `Once enabled, ${g.np()} ${g.verb3()} each ${g.noun()} and ${g.verb3()} the result to ${g.np()}.`,
      () => `The response contains ${g.np()}, ${g.np()}, and ${an(`${g.adj()} ${g.noun()}`)}.`,
      () => `Older ${g.nouns()} may still ${g.verb()} ${g.np()}, so plan the ${g.noun()} accordingly.`,
      () => `To ${g.verb()} ${g.np()}, run ${g.cliCode()} from the project root.`,
      () => `The default ${g.noun()} is ${g.num()} ${g.unit()}s, which works for most ${g.nouns()}.`,
      () => `Teams that ${g.verb()} many ${g.nouns()} usually ${g.verb()} ${an(`${g.adj()} ${g.noun()}`)} per ${g.noun()}.`,
      () => `Behind the scenes, ${g.np()} ${g.verb3()} ${an(`${g.adj()} ${g.noun()}`)} and ${g.verb3()} it ${g.adv()}.`,
      () => `Keep in mind that ${g.ving()} ${g.np()} does not ${g.verb()} existing ${g.nouns()}.`,
      () => `You should ${g.verb()} ${g.np()} whenever ${g.np()} changes.`,
      () => `Every request must include ${an(`${g.adj()} ${g.noun()}`)} in the ${g.headerCode()} header.`,
      () => `${cap(g.ving())} ${g.nouns()} ${g.adv()} reduces the load on ${g.np()}.`,
      () => `Because ${g.nouns()} are ${g.adj()}, ${g.np()} can ${g.verb()} them without ${g.ving()} ${g.np()}.`,
      () => `The ${g.propCode()} field controls how long ${g.np()} waits before it ${g.verb3()} ${g.np()}.`,
      () => `Requests that exceed the ${g.noun()} return ${g.code(g.r.pick(STATUS)[0])} and include a ${g.code('Retry-After')} header.`,
      () => `In the ${g.r.pick(['staging', 'production', 'preview', 'sandbox'])} environment, ${g.nps()} are ${g.vpp()} on every ${g.noun()}.`,
      () => `Set ${g.envCode()} in your shell before you ${g.verb()} ${g.np()}.`,
      () => `Unlike ${g.adj()} ${g.nouns()}, ${g.adj()} ${g.nouns()} are ${g.vpp()} only once.`,
      () => `${cap(g.np())} is ${g.vpp()} when ${g.np()} ${g.verb3()} ${g.np()}, not when ${g.np()} is ${g.vpp()}.`,
      () => `You do not need to ${g.verb()} ${g.np()} manually unless ${g.np()} is ${g.adj()}.`,
      () => `Changes to ${g.np()} take effect after the next ${g.noun()}.`,
      () => `The CLI prints ${g.np()} for each ${g.noun()} it ${g.verb3()}.`,
      () => `Both ${g.nouns()} and ${g.nouns()} support ${g.adj()} ${g.nouns()}.`,
      () => `Pass ${g.flagCode()} to ${g.verb()} ${g.nps()} without ${g.ving()} ${g.np()}.`,
      () => `${cap(g.nps())} are ${g.vpp()} in the order in which ${g.np()} ${g.verb3()} them.`,
    ];
    return this.r.pick(t)();
  }
  /** A short sentence without inline code, for code comments and log messages. */
  plain() {
    const g = this;
    const t = [
      () => `${cap(g.verb())} the ${g.noun()} before ${g.ving()} the ${g.noun()}.`,
      () => `${cap(g.nouns())} are ${g.vpp()} ${g.adv()}.`,
      () => `Only ${g.adj()} ${g.nouns()} are ${g.vpp()} here.`,
      () => `${cap(g.ving())} the ${g.adj()} ${g.noun()} is safe to repeat.`,
      () => `The ${g.noun()} ${g.verb3()} the ${g.noun()} ${g.adv()}.`,
    ];
    return this.r.pick(t)();
  }
  /** Short phrase for log lines and errors: "rotating webhook". */
  phrase() {
    return `${this.ving()} ${this.noun()}`;
  }
  description() {
    const g = this;
    const t = [
      () => `Learn how to ${g.verb()} ${g.nps()} and ${g.verb()} ${g.np()} in ${g.adj()} environments.`,
      () => `How ${g.nouns()} ${g.verb()} ${g.nps()}, with examples in several languages.`,
      () => `Reference for ${g.adj()} ${g.noun()} options, limits, and error codes.`,
      () => `Configure ${g.nps()} to ${g.verb()} ${g.np()} ${g.adv()}.`,
      () => `Set up ${an(`${g.adj()} ${g.noun()}`)} and ${g.verb()} ${g.nps()} with the CLI and the SDKs.`,
    ];
    return this.r.pick(t)();
  }
  pageTitle() {
    const g = this;
    const t = [
      () => `${cap(g.verb())} ${g.adj()} ${g.nouns()}`,
      () => `${cap(g.verb())} ${g.nouns()}`,
      () => `${cap(g.nouns())} for ${g.adj()} ${g.nouns()}`,
      () => `${cap(g.ving())} ${g.nouns()}`,
      () => `${cap(g.noun())} reference`,
      () => `Troubleshoot ${g.adj()} ${g.nouns()}`,
      () => `${cap(g.adj())} ${g.nouns()} explained`,
      () => `${cap(g.verb())} ${g.nouns()} with ${g.nouns()}`,
    ];
    return this.r.pick(t)();
  }
  h2() {
    const g = this;
    if (this.r.chance(0.3)) return this.r.pick(FIXED_H2);
    const t = [
      () => `${cap(g.ving())} the ${g.adj()} ${g.noun()}`,
      () => `${cap(g.verb())} ${g.nouns()}`,
      () => `${cap(g.adj())} ${g.nouns()}`,
      () => `Use ${an(g.noun())} with ${g.nouns()}`,
      () => `${cap(g.noun())} ${g.r.pick(['options', 'lifecycle', 'limits', 'format', 'errors', 'settings'])}`,
    ];
    return this.r.pick(t)();
  }
  h3() {
    const g = this;
    const t = [
      () => `${cap(g.verb())} the ${g.noun()}`,
      () => `${cap(g.ving())} ${g.nouns()}`,
      () => `${cap(g.adj())} ${g.nouns()}`,
      () => `With ${an(`${g.adj()} ${g.noun()}`)}`,
      () => `${cap(g.noun())} ${g.r.pick(['example', 'fields', 'defaults', 'behavior', 'checklist'])}`,
    ];
    return this.r.pick(t)();
  }
}
