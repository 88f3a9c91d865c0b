from regretlab.cli import main

raise SystemExit(main())
