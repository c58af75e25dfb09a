import { describe, expect, it } from 'vitest';
import { runIn, useHome } from '../../helpers/io.js';

const { home } = useHome();

describe('help', () => {
  it('--help shows every option with its default, examples and exit codes', async () => {
    const r = await runIn(home, ['--help'], { COLUMNS: '100' });
    expect(r.code).toBe(0);
    await expect(r.stdout).toMatchFileSnapshot('__snapshots__/help.txt');
  });
});
