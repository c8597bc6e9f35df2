// Run by maven-invoker-plugin after `mvn package` of the consumer (examples/pom.xml).
def log = new File(basedir, 'build.log').text
// The call went through: Main prints the sandbox's XBT asset.
assert log =~ /XBT: \{\w+=AssetInfo\[/ : 'the consumer did not print the XBT asset'
// Every io.github.krakensdk artifact came from the freshly installed repository, none from elsewhere.
assert !(log =~ /Download(ing|ed) from .*io\/github\/krakensdk\//) : 'a Kraken artifact was downloaded instead of taken from the fresh repository'
return true
