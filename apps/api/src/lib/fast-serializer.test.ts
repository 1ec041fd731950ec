import { userResponseSchema } from '@exhale/contract/auth';
import { errorBodySchema } from '@exhale/contract/envelope';
import { userLessonsResponseSchema } from '@exhale/contract/programme';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { fastSerializerCompiler } from './fast-serializer';

const zodSerializer = (schema: unknown) =>
  serializerCompiler({ schema, method: 'GET', url: '/' } as never) as (data: unknown) => string;

const lesson = (i: number) => ({
  _id: `00000000-0000-4000-8000-00000000000${i}`,
  status: i === 0 ? 'completed' : 'inactive',
  isActive: i === 0 ? 'completed' : 'inactive',
  pause_time: 0,
  seconds_viewed: i === 0 ? 20.5 : 0,
  is_viewed: i === 0,
  feedback: i === 0 ? 'Line one\nand a "quote" – ünïcode' : null,
  completed_at: i === 0 ? '2026-03-10T06:30:00.000Z' : null,
  exercises: i === 0 ? [{ time: 5, route: 'day-1-reflection' }] : [],
  lesson_details: {
    title: `Lesson ${i}`,
    content: '<p>Breathe</p>',
    day: 1,
    video_order: i + 1,
    source: '/media/lessons/a.mp4',
    thumbnail_img: i === 0 ? '/media/lessons/a.jpg' : null,
    total_duration: 20,
    is_paid: false,
    type: 'free',
    route: null,
    captions: null,
    renditions: i === 0 ? [{ height: 240, src: '/media/lessons/a-240p.mp4' }] : [],
    audio_src: i === 0 ? '/media/lessons/a-audio.m4a' : null,
  },
});

describe('fastSerializerCompiler', () => {
  it('writes what the zod serializer writes, nulls and escapes included', () => {
    const lessons = {
      success: true,
      data: [lesson(0), lesson(1)],
      total_days: 1,
      current_day: null,
      day_opens_at: null,
    };
    expect(fastSerializerCompiler({ schema: userLessonsResponseSchema })(lessons)).toBe(
      zodSerializer(userLessonsResponseSchema)(lessons),
    );
    const premium = {
      ...lessons,
      current_day: 3,
      day_opens_at: ['2026-11-24T18:30:00.000Z', '2026-11-25T18:30:00.000Z'],
    };
    expect(fastSerializerCompiler({ schema: userLessonsResponseSchema })(premium)).toBe(
      zodSerializer(userLessonsResponseSchema)(premium),
    );
    const error = { success: false, message: 'Please Login', code: 'UNAUTHORIZED' };
    expect(fastSerializerCompiler({ schema: errorBodySchema })(error)).toBe(
      zodSerializer(errorBodySchema)(error),
    );
  });

  it('drops fields the schema does not name', () => {
    const user = {
      success: true,
      data: {
        _id: 'u1',
        name: 'Ravi',
        email: 'ravi@example.com',
        mobile: null,
        dob: 34,
        gender: 'male',
        profile: null,
        whatsapp_no: null,
        type: 'free',
        step: 0,
        current_day: null,
        total_points: 0,
        role: 'user',
        created_at: '2026-03-10T06:30:00.000Z',
        data_saver: false,
        language: 'en',
        password_hash: 'never sent',
      },
    };
    const json = fastSerializerCompiler({ schema: userResponseSchema })(user);
    expect(json).not.toContain('password_hash');
    expect(JSON.parse(json)).toEqual(JSON.parse(zodSerializer(userResponseSchema)(user)));
  });
});
