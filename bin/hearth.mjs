#!/usr/bin/env node
// The hearth command: runs the compiled program (built by `npm install` through the prepare script).
import { main } from '../dist/cli/main.js';

const code = await main(process.argv.slice(2));
if (code !== undefined) process.exitCode = code;
