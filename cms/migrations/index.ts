import * as migration_20261121_233027_initial from './20261121_233027_initial';

export const migrations = [
  {
    up: migration_20261121_233027_initial.up,
    down: migration_20261121_233027_initial.down,
    name: '20261121_233027_initial'
  },
];
