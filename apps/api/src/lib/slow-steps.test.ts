import { describe, expect, it } from 'vitest';
import { closingStep } from './slow-steps.js';

describe('a closing step', () => {
  it('names itself in a warning while it lasts past its period, and stops once done', async () => {
    const warnings: { step: string; waitedMs: number }[] = [];
    const log = { warn: (fields: { step: string; waitedMs: number }) => void warnings.push(fields) };
    let finish: (value: string) => void = () => {};
    const step = closingStep(log as never, 'the job queue to stop', () => new Promise<string>((resolve) => (finish = resolve)), 20);
    await new Promise((resolve) => setTimeout(resolve, 70));
    finish('parado');
    expect(await step).toBe('parado');
    const reported = warnings.length;
    expect(reported).toBeGreaterThanOrEqual(2);
    expect(warnings[0]!.step).toBe('the job queue to stop');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(warnings.length).toBe(reported);
  });

  it('says nothing when it is quick', async () => {
    const warnings: unknown[] = [];
    await closingStep({ warn: (fields: unknown) => void warnings.push(fields) } as never, 'nada', async () => 1, 20);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(warnings).toEqual([]);
  });
});
