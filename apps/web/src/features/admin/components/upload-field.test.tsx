// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useUploadedImage } from './upload-field';

describe('useUploadedImage', () => {
  it('starts from the saved picture, and an upload replaces both what is saved and the preview', () => {
    const { result } = renderHook(() =>
      useUploadedImage({ key: 'images/old.jpg', url: '/old.jpg' }),
    );
    expect(result.current).toMatchObject({ key: 'images/old.jpg', url: '/old.jpg' });

    act(() =>
      result.current.onUploaded({
        key: 'images/new.png',
        url: '/new.png',
        kind: 'image',
        bytes: 2048,
        duration_seconds: null,
      }),
    );
    expect(result.current).toMatchObject({ key: 'images/new.png', url: '/new.png' });
  });

  it('has no picture for a new item', () => {
    const { result } = renderHook(() => useUploadedImage({ key: null, url: null }));
    expect(result.current).toMatchObject({ key: null, url: null });
  });
});
