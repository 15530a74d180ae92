from printkit.cli import main

main()
