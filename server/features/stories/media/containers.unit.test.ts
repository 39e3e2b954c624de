import { describe, expect, it } from 'vitest';
import { ftypBrand } from '../../../lib/photoDecode';
import { mp4Fixture, streamedWebmFixture, webmFixture } from '../../../test/movieFixtures';
import { isMp4, isWebm, mp4DurationSeconds, readMovie, webmDurationSeconds } from './containers';

describe('movie containers', () => {
  it('reads the MP4 length from mvhd, versions 0 and 1', () => {
    expect(mp4DurationSeconds(mp4Fixture(12.5))).toBe(12.5);
    expect(mp4DurationSeconds(mp4Fixture(61, { version: 1 }))).toBe(61);
    expect(readMovie(mp4Fixture(30))).toEqual({ type: 'video/mp4', durationSeconds: 30 });
  });

  it('reads the WebM length from Segment/Info/Duration', () => {
    expect(webmDurationSeconds(webmFixture(59.9))).toBeCloseTo(59.9, 6);
    expect(readMovie(webmFixture(61))).toEqual({ type: 'video/webm', durationSeconds: 61 });
  });

  it('reads the length of a streamed WebM (MediaRecorder: no Duration, unknown sizes) from its last block', () => {
    expect(webmDurationSeconds(streamedWebmFixture(12.25))).toBeCloseTo(12.25, 6);
    expect(readMovie(streamedWebmFixture(61))).toEqual({ type: 'video/webm', durationSeconds: 61 });
  });

  it('judges by content: Matroska that is not WebM, HEIF pictures, QuickTime and scripts are not movies', () => {
    expect(isMp4(mp4Fixture(5, { brand: 'qt  ', compatible: 'qt  ' }))).toBe(false);
    expect(isMp4(mp4Fixture(5, { brand: 'mp42', compatible: 'mp42isom' }))).toBe(true);
    expect(isWebm(webmFixture(5, { docType: 'matroska' }))).toBe(false);
    expect(isMp4(mp4Fixture(5, { brand: 'heic' }))).toBe(false);
    expect(ftypBrand(mp4Fixture(5, { brand: 'heic' }))).toBe('heic');
    expect(readMovie(Buffer.from('#!/bin/sh\necho hi\n'))).toBeNull();
    expect(readMovie(Buffer.alloc(0))).toBeNull();
  });

  it('gives no length for a truncated or broken file rather than guessing', () => {
    const mp4 = mp4Fixture(10);
    expect(mp4DurationSeconds(mp4.subarray(0, 40))).toBeNull();
    const broken = Buffer.from(mp4);
    broken.writeUInt32BE(0xffffff, 36); // moov claiming more than the file
    expect(mp4DurationSeconds(broken)).toBeNull();
    const webm = webmFixture(10);
    expect(webmDurationSeconds(webm.subarray(0, 30))).toBeNull();
  });
});
