/** Demo news articles (issue 11): real-looking Markdown articles of every news category. Dates are offsets (days) from the seed. The seeding code is one folder up. */
import type { Scene } from '../art';

export interface DemoArticle {
  title: string;
  excerpt: string;
  /** Markdown (GFM). */
  content: string;
  category: 'News' | 'Reviews' | 'Tips' | 'Events';
  /** Omitted: the product's own name (the API's default). */
  source?: string;
  readTime: string;
  days: number;
  scene: Scene;
  tag: string;
}

export const NEWS: DemoArticle[] = [
  {
    title: 'Operation Northwind Opens Registration',
    excerpt:
      'The Fraser Valley 30-hour milsim is back, with a night phase, limited respawns and room for 150 players.',
    content: `Registration is open for **Operation Northwind**, the 30-hour woodland milsim hosted near Abbotsford, BC. This year's scenario pits two factions against each other over a river valley, with a live command structure and a supply system that rewards teams who plan ahead.

## What is new this year

- A **night phase** with tracer-only engagements between midnight and 4 am
- **Limited respawns**: medics and casualty collection finally matter
- A supply drop every six hours, claimed by whoever holds the landing zone

## Timeline

| When | What |
| --- | --- |
| Friday 6 pm | Kit check and chrono open |
| Saturday 7:30 am | Last check-in |
| Saturday 9 am | Game on |
| Sunday 3 pm | Endex and awards |

Spots are capped at 150 players and half of them are already reserved by teams. If you are new to milsim, the Northern Vipers are running a prep night two weeks before the event covering packing, radios and sleep systems. Read our [24-hour packing guide](/) before you go.`,
    category: 'Events',
    readTime: '3 min',
    days: 1,
    scene: 'forest',
    tag: 'Events',
  },
  {
    title: 'Budget HPA Engines: a Hands-On Comparison',
    excerpt:
      'We put three entry-level HPA engines through a month of speedsoft and woodland games. Here is what held up.',
    content: `HPA used to be the expensive upgrade only tournament players could justify. That has changed: entry-level engines now cost about the same as a good AEG gearbox rebuild, and they are far easier to tune.

## How we tested

We installed three budget engines in identical M4 platforms and played a month of arena speedsoft and woodland games with them. Every engine ran from the same tank and regulator at 110 psi.

| Engine | Chrono spread (20 shots) | Trigger response | Tuning |
| --- | --- | --- | --- |
| Engine A | ±3 fps | Crisp | Phone app |
| Engine B | ±5 fps | Crisp | Programming card |
| Engine C | ±4 fps | Slight delay | Trigger menu |

## Our pick

All three were consistent and quieter than the AEGs they replaced. **Our pick for most players is the engine with the simplest programming app**, not the fastest one: being able to adjust dwell and rate of fire at the field, with a phone, matters more than a few milliseconds of trigger response.

> Budget an extra 150 dollars for a tank, regulator and line, and remember that the first fill-up trip to a dive shop takes longer than you think.`,
    category: 'Reviews',
    source: 'Tactical Times',
    readTime: '6 min',
    days: 4,
    scene: 'speedsoft',
    tag: 'Review',
  },
  {
    title: 'Five Habits That Make You a Better Teammate',
    excerpt:
      'Winning games is mostly about communication, not about the rifle. Five small habits that make a big difference.',
    content: `The players everyone wants on their team are rarely the ones with the most expensive gear. They are the ones who make the game better for everyone around them.

1. **Call your hits** loudly and raise your hand. Clear hit calling keeps games fair and prevents the arguments that ruin an afternoon.
2. **Talk**: say where you are going, what you can see and when you are out of ammunition. Short, specific calls ("two players, left bunker, low") beat long descriptions.
3. **Learn the channel plan** before the game starts if your team uses radios.
4. **Move with a buddy**, and bring spare water for someone who forgot theirs.
5. **Help reset the field** after the last round.

None of these cost a thing, and all of them will get you invited back.`,
    category: 'Tips',
    readTime: '4 min',
    days: 7,
    scene: 'fort',
    tag: 'Tips',
  },
  {
    title: 'Keeping Your Gas Pistol Happy in Cold Weather',
    excerpt:
      'Green gas and cold mornings do not mix. How to keep your GBB cycling when the temperature drops.',
    content: `Gas blowback pistols depend on gas pressure, and gas pressure drops quickly with temperature. Below about 10 °C many pistols start to short-stroke, and below freezing some barely cycle at all.

## At the field

- Keep your magazines in an inside pocket against your body until you need them.
- Rotate between two or three magazines so each has time to warm back up.
- A higher-pressure gas helps, but check your field's rules and your pistol's manual first: not every slide and nozzle is built for it.

## After the game

Let everything warm up slowly before you store it, wipe off condensation, and put a drop of *silicone* oil on the magazine seals. Dry seals are the most common reason a magazine leaks at the start of spring.`,
    category: 'Tips',
    source: 'BB Wire',
    readTime: '5 min',
    days: 11,
    scene: 'snow',
    tag: 'Tips',
  },
  {
    title: 'Community Fields Report Record Turnout',
    excerpt:
      'Fields across Canada and the US report their busiest season yet, with more new players than ever.',
    content: `Fields from British Columbia to Florida report record attendance this season, driven by new players and by the growth of organized events. Several Canadian fields added extra game days to keep up with demand, and two new indoor CQB venues opened in Ontario.

Organizers say the biggest change is the number of first-time players arriving with friends rather than on their own. Rental programs and orientation days have become the main way fields welcome them, and most now run a short safety briefing before every game.

## Staying safe as we grow

- Chrono every gun, every game day
- Respect minimum engagement distances
- Keep eye protection on in the game zone, always

The community has grown because it is welcoming and safe, and keeping it that way is everyone's job.`,
    category: 'News',
    readTime: '4 min',
    days: 15,
    scene: 'sunset',
    tag: 'News',
  },
  {
    title: 'Mesh or Full-Seal? A Season-Long Goggle Test',
    excerpt:
      'We wore mesh, single-pane and dual-pane anti-fog goggles through a full season. The results may surprise you.',
    content: `Eye protection is the one piece of gear nobody should compromise on, so we spent a season wearing three styles side by side.

| Style | Fogging | Contrast in woodland | Allowed everywhere |
| --- | --- | --- | --- |
| Steel mesh | Never | Reduced | ~~Yes~~ No: check your field |
| Single-pane | Within minutes on humid days | Good | Yes |
| Dual-pane with fan | Never in our test | Good | Yes |

**Dual-pane thermal lenses with a small fan were the clear winner**, staying clear through every game and holding up to close-range hits.

Whatever you choose:

- [x] make sure your goggles carry an impact rating
- [x] fit them with your helmet or cap before game day
- [ ] replace them after any heavy hit that leaves a mark on the lens`,
    category: 'Reviews',
    source: 'Field Notes Magazine',
    readTime: '6 min',
    days: 20,
    scene: 'forest',
    tag: 'Review',
  },
];
