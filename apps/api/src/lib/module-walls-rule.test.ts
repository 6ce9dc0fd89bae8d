import path from 'node:path';
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import moduleWalls from '../../../../eslint-rules/module-walls.js';

// The lint rule that holds the modules' walls (eslint-rules/module-walls.js), tested here because the
// api project is where vitest looks; its paths are made up, the rule only reads them.
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const root = path.resolve('/repo');
const modules = path.join(root, 'apps/api/src/modules');
const features = path.join(root, 'apps/web/src/features');
const options = [{ walls: [modules, features], entryOnly: [features] }];
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });

tester.run('module-walls', moduleWalls, {
  valid: [
    { filename: path.join(modules, 'regulations/service.ts'), code: "import { x } from './repository.js';", options },
    { filename: path.join(modules, 'regulations/service.ts'), code: "import { x } from '../../lib/public-changes.js';", options },
    { filename: path.join(modules, 'public-search/index/strategies.ts'), code: "import { x } from '../routes.js';", options },
    { filename: path.join(root, 'apps/api/src/app.ts'), code: "import { x } from './modules/regulations/routes.js';", options },
    { filename: path.join(features, 'home/pages/home-page.tsx'), code: "import { x } from '../../../components/pager';", options },
    { filename: path.join(root, 'apps/web/src/app/routes.tsx'), code: "import { x } from '../features/home';", options },
    { filename: path.join(root, 'apps/web/src/app/routes.tsx'), code: "import { x } from '../features/home/index.ts';", options },
    { filename: path.join(modules, 'news/service.ts'), code: "import { z } from 'zod';", options },
  ],
  invalid: [
    { filename: path.join(modules, 'regulations/service.ts'), code: "import { x } from '../subscriptions/repository.js';", options, errors: [{ messageId: 'crossing' }] },
    { filename: path.join(modules, 'sitemap/service.ts'), code: "export { x } from '../../modules/files/routes.js';", options, errors: [{ messageId: 'crossing' }] },
    { filename: path.join(modules, 'public-search/open-data.test.ts'), code: "const m = await import('../regulations/repository.js');", options, errors: [{ messageId: 'crossing' }] },
    { filename: path.join(features, 'content/pages/news-manage-page.tsx'), code: "import { x } from '../../home/components/news-content';", options, errors: [{ messageId: 'crossing' }] },
    { filename: path.join(features, 'accessibility/pages/page.tsx'), code: "import { x } from '../../site';", options, errors: [{ messageId: 'crossing' }] },
    { filename: path.join(root, 'apps/web/src/app/routes.tsx'), code: "import { x } from '../features/home/pages/home-page';", options, errors: [{ messageId: 'pastEntry' }] },
  ],
});
