process.stdout.write('vcase 0.1.0\n');
