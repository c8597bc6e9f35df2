// Run by maven-invoker-plugin after `mvn package` of the example (examples/pom.xml).
def log = new File(basedir, 'build.log').text
// One public call, 20 paced private calls, one refused call, each a timer line.
assert log =~ /kraken\.call \[operation=getAssets, outcome=success\] count=1 / : 'no timer for the public call'
assert log =~ /kraken\.call \[operation=getTradeVolume, outcome=success\] count=20 / : 'no timer for the paced burst'
assert log =~ /kraken\.attempt \[operation=getTradeVolume, outcome=success, reason=first\] count=20 / : 'no attempts'
// Starter allows 14 at once (one count of headroom): the other 6 waited about one count's decay
// each (3 s). The sandbox's clock also runs in real time, so the burst's own duration decays the
// counter a little: a few tenths of a second less, or one call fewer, on a slow machine.
def paced = (log =~ /kraken\.paced \[operation=getTradeVolume\] count=(\d+) total=([\d.]+)s/)
assert paced.find() : 'the burst was not paced'
assert (paced.group(1) as int) in 5..6 : "paced ${paced.group(1)} calls, not 5 or 6"
assert (paced.group(2) as double) >= 12.0 : "paced ${paced.group(2)} s, less than 4 counts' decay"
assert log =~ /kraken\.call \[operation=queryOrders, outcome=\w+Exception\] count=1 / : 'no timer for the refused call'
return true
