import { describe, expect, it } from 'vitest';
import { placeToShow, queuePlaceOf, startEstimate } from './queue-wait';

describe('startEstimate', () => {
  it('says "a few seconds" under 10 s, whatever the server measured', () => {
    for (const s of [0, 3, 7.4, -5, Number.NaN, Number.POSITIVE_INFINITY]) expect(startEstimate(s)).toEqual({ unit: 'soon' });
  });
  it('rounds seconds to steps of 5 below a minute', () => {
    expect(startEstimate(8)).toEqual({ unit: 'seconds', value: 10 });
    expect(startEstimate(19)).toEqual({ unit: 'seconds', value: 20 });
    expect(startEstimate(22)).toEqual({ unit: 'seconds', value: 20 });
    expect(startEstimate(57)).toEqual({ unit: 'seconds', value: 55 });
  });
  it('speaks in whole minutes from a minute on', () => {
    expect(startEstimate(58)).toEqual({ unit: 'minutes', value: 1 });
    expect(startEstimate(89)).toEqual({ unit: 'minutes', value: 1 });
    expect(startEstimate(90)).toEqual({ unit: 'minutes', value: 2 });
    expect(startEstimate(20 * 60 + 10)).toEqual({ unit: 'minutes', value: 20 });
  });
});

describe('queuePlaceOf', () => {
  it('is null for a job that is not waiting, and for a server that sends no queue', () => {
    expect(queuePlaceOf({ queue: null })).toBeNull();
    expect(queuePlaceOf({})).toBeNull();
    expect(queuePlaceOf(null)).toBeNull();
  });
  it("keeps a waiting job's place", () => {
    expect(queuePlaceOf({ queue: { ahead: 3, estimatedStartSeconds: 21.5 } })).toEqual({ ahead: 3, estimatedStartSeconds: 21.5 });
    expect(queuePlaceOf({ queue: { ahead: 0, estimatedStartSeconds: 0 } })).toEqual({ ahead: 0, estimatedStartSeconds: 0 });
  });
  it('tidies a malformed place rather than trusting it', () => {
    expect(queuePlaceOf({ queue: { ahead: -2, estimatedStartSeconds: -1 } })).toEqual({ ahead: 0, estimatedStartSeconds: 0 });
    expect(queuePlaceOf({ queue: { ahead: 2.7, estimatedStartSeconds: Number.NaN } })).toEqual({ ahead: 2, estimatedStartSeconds: 0 });
    expect(queuePlaceOf({ queue: { ahead: Number.NaN, estimatedStartSeconds: 5 } })).toBeNull();
  });
});

describe('placeToShow', () => {
  const next = { ahead: 0, estimatedStartSeconds: 2 };
  const third = { ahead: 2, estimatedStartSeconds: 30 };
  it('does not flash "you\'re next" from the start answer: an idle engine claims the job a moment later', () => {
    expect(placeToShow(next, { polled: false })).toBeNull();
  });
  it('shows the place once a poll still finds the job waiting, or at once when others are ahead', () => {
    expect(placeToShow(next, { polled: true })).toEqual(next);
    expect(placeToShow(third, { polled: false })).toEqual(third);
  });
  it('shows nothing for a job that is not waiting', () => {
    expect(placeToShow(null, { polled: true })).toBeNull();
  });
});
