// Unit tests assert on the DOM with jest-dom's matchers (toBeInTheDocument, toHaveValue, …).
import '@testing-library/jest-dom/vitest';
