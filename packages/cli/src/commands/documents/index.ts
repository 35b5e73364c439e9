import type { Command } from 'commander';
import type { App } from '../../kit.js';
import * as classify from './classify.js';
import * as deleteDocument from './delete.js';
import * as extractionData from './extractionData.js';
import * as get from './get.js';
import * as list from './list.js';
import * as ocr from './ocr.js';
import * as processDocument from './process.js';
import * as reclassify from './reclassify.js';
import * as restore from './restore.js';
import * as upload from './upload.js';

/** `vcase documents`: one subcommand per file, registered in help order. */
export function register(program: Command, app: App): void {
  const documents = program.command('documents').description('list, upload, classify, OCR and delete documents');
  const subcommands = [list, get, upload, deleteDocument, restore, classify, reclassify, processDocument, ocr, extractionData];
  for (const sub of subcommands) sub.register(documents, app);
}
