import { configure } from '@testing-library/react';

// findBy* and waitFor end as soon as what they wait for is there; their limit is a guard against a
// hung test, not a speed check (as the web project's testTimeout). Testing Library's 1 s default
// failed tests whose page loads a chunk on first use (the login modal's forms, checkout's address
// schemas) when the machine was busy: at load average 15 a first dynamic import took over 1 s.
configure({ asyncUtilTimeout: 10_000 });
